/**
 * `@elowen/plugin-shared/xml`: attribute escaping that survives a conformant parser, and element
 * building with validated names and an unescaped body (for explicit skill invocation).
 */
export { escapeXmlAttribute, XML_REPLACEMENT_CHARACTER } from "./escape-attribute.js";
export type { XmlAttributes, XmlAttributeValue } from "./xml-element.js";
export {
  XML_INVALID_NAME,
  XML_INVALID_VALUE,
  xmlElement,
} from "./xml-element.js";
export { isXmlName, XML_NAME_MAX_LENGTH } from "./xml-name.js";
