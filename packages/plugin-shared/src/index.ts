/**
 * `@elowen/plugin-shared`: the small helpers Elowen plugins and the host share. Each group is
 * also its own subpath export (`/errors`, `/record`, `/queue`, `/atomicText`, `/atomicJson`,
 * `/xml`, `/duration`); this root names the same API in one place.
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
export type { AtomicTempName, AtomicTextErrorCode, WriteTextOptions } from "./atomic-text/index.js";
export {
  ATOMIC_TEMP_PATTERN,
  ATOMIC_TEMP_SUFFIX,
  ATOMIC_TEXT_INVALID_INPUT,
  ATOMIC_TEXT_WRITE_FAILED,
  parseAtomicTempName,
  writeTextAtomic,
} from "./atomic-text/index.js";
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
} from "./errors/index.js";
export {
  CAUSE_CHAIN_MAX_DEPTH,
  classifyErrno,
  DESCRIBE_VALUE_PREVIEW_CHARS,
  describeProblem,
  describeValue,
  ELOWEN_ERROR_BRAND,
  ElowenError,
  errorMessage,
  INSTANCE_CONDITION_BRAND,
  INSTANCE_CONDITION_KINDS,
  InstanceCondition,
  isElowenError,
  isErrnoFailure,
  isInstanceCondition,
  LOCAL_ERRNO_REFUSALS,
  reportingAudience,
} from "./errors/index.js";
export { KeyedQueue } from "./queue/index.js";
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
