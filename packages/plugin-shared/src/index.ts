/**
 * `@elowen/plugin-shared`: the small helpers Elowen plugins and the host share. Each group is
 * also its own subpath export (`/errors`, `/atomicJson`, `/record`, `/xml`, `/duration`); this
 * root names the same API in one place.
 */

export type {
  AtomicJsonErrorCode,
  JsonReadResult,
  ReadJsonOptions,
  WriteJsonOptions,
} from "./atomic-json/index.js";
export {
  ATOMIC_JSON_INVALID,
  ATOMIC_JSON_NOT_SERIALIZABLE,
  ATOMIC_JSON_READ_FAILED,
  ATOMIC_JSON_TOO_LARGE,
  ATOMIC_JSON_WRITE_FAILED,
  JSON_READ_MAX_BYTES,
  readJsonStrict,
  writeJsonAtomic,
} from "./atomic-json/index.js";
export type { DisplayTiming } from "./duration/index.js";
export { formatDuration, formatTiming } from "./duration/index.js";
export type {
  ElowenErrorInit,
  ErrnoClassification,
  ErrnoFailure,
  FsRefusal,
  InstanceConditionInit,
  InstanceConditionKind,
  LocalErrnoCode,
  Problem,
  ReportingAudience,
  SkillsErrorCode,
} from "./errors/index.js";
export {
  CAUSE_CHAIN_MAX_DEPTH,
  classifyErrno,
  describeProblem,
  ELOWEN_ERROR_BRAND,
  ElowenError,
  INSTANCE_CONDITION_BRAND,
  INSTANCE_CONDITION_KINDS,
  InstanceCondition,
  isElowenError,
  isErrnoFailure,
  isInstanceCondition,
  LOCAL_ERRNO_REFUSALS,
  reportingAudience,
  SKILLS_CATALOG_FAILED,
  SKILLS_EDIT_FAILED,
  SKILLS_ERROR_CODES,
  SKILLS_FILE_READ_FAILED,
  SKILLS_INPUT_TRANSFORM_FAILED,
  SKILLS_MOVE_FAILED,
  SKILLS_ROLLBACK_FAILED,
} from "./errors/index.js";
export type { UnknownRecord } from "./record/index.js";
export { isRecord } from "./record/index.js";
export type { XmlAttributes, XmlAttributeValue } from "./xml/index.js";
export {
  escapeXmlAttribute,
  isXmlName,
  XML_INVALID_NAME,
  XML_INVALID_VALUE,
  XML_NAME_MAX_LENGTH,
  XML_REPLACEMENT_CHARACTER,
  xmlElement,
} from "./xml/index.js";
