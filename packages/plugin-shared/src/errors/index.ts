/**
 * `@elowen/plugin-shared/errors`: errors as values (the base class `ElowenError` with a code, a
 * cause and an actionable message), the one `errorMessage` of any thrown value and the one
 * `describeValue` for messages, the reporting audience of a failure, the typed instance-condition
 * cause, and the classifier of Node errno failures into local refusals and reportable errors.
 */

export { DESCRIBE_VALUE_PREVIEW_CHARS, describeValue } from "./describe-value.js";
export type { ElowenErrorInit } from "./elowen-error.js";
export { ELOWEN_ERROR_BRAND, ElowenError, isElowenError } from "./elowen-error.js";
export type { ErrnoClassification, ErrnoFailure, FsRefusal, LocalErrnoCode } from "./errno.js";
export {
  classifyErrno,
  isErrnoFailure,
  LOCAL_ERRNO_REFUSALS,
} from "./errno.js";
export { errorMessage } from "./error-message.js";
export type { InstanceConditionInit, InstanceConditionKind } from "./instance-condition.js";
export {
  INSTANCE_CONDITION_BRAND,
  INSTANCE_CONDITION_KINDS,
  InstanceCondition,
  isInstanceCondition,
} from "./instance-condition.js";
export type { Problem } from "./problem-message.js";
export { describeProblem } from "./problem-message.js";
export type { ReportingAudience } from "./reporting-audience.js";
export { CAUSE_CHAIN_MAX_DEPTH, reportingAudience } from "./reporting-audience.js";
