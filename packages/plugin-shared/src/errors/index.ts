/**
 * `@elowen/plugin-shared/errors`: errors as values (a code, a cause, an actionable message), the
 * reporting audience of a failure, the typed instance-condition cause, the `skills.*` codes and
 * the classifier of Node errno failures into local refusals and reportable errors.
 */

export type { ElowenErrorInit } from "./elowen-error.js";
export { ELOWEN_ERROR_BRAND, ElowenError, isElowenError } from "./elowen-error.js";
export type { ErrnoClassification, ErrnoFailure, FsRefusal, LocalErrnoCode } from "./errno.js";
export {
  classifyErrno,
  isErrnoFailure,
  LOCAL_ERRNO_REFUSALS,
} from "./errno.js";
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
export type { SkillsErrorCode } from "./skills-codes.js";
export {
  SKILLS_CATALOG_FAILED,
  SKILLS_EDIT_FAILED,
  SKILLS_ERROR_CODES,
  SKILLS_FILE_READ_FAILED,
  SKILLS_INPUT_TRANSFORM_FAILED,
  SKILLS_MOVE_FAILED,
  SKILLS_ROLLBACK_FAILED,
} from "./skills-codes.js";
