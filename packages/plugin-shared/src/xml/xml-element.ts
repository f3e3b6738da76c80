import { describeValue } from "../errors/describe-value.js";
import { ElowenError } from "../errors/elowen-error.js";
import { isRecord } from "../record/is-record.js";
import { escapeXmlAttribute } from "./escape-attribute.js";
import { isXmlName, XML_NAME_MAX_LENGTH } from "./xml-name.js";

/** An element or attribute name that is not an XML Name. */
export const XML_INVALID_NAME = "xml.invalid_name";
/** Attributes that are not an object, a value that is not a string or finite number, a body that is not a string. */
export const XML_INVALID_VALUE = "xml.invalid_value";

/** An attribute value: written escaped; a number as `String(n)`; `undefined` leaves it out. */
export type XmlAttributeValue = string | number | undefined;

/** Attributes in the order they are written (the object's own enumerable string keys). */
export type XmlAttributes = Readonly<Record<string, XmlAttributeValue>>;

/**
 * Builds `<name a="v">body</name>`, or `<name a="v"/>` when `body` is `undefined`. Attribute
 * values are escaped with {@link escapeXmlAttribute} and double-quoted; attributes whose value is
 * `undefined` are left out. The body is NOT escaped: it is written byte for byte (skill body text
 * goes in as it is), so a body holding `</name>` or `&` is the caller's decision.
 * Throws an ElowenError `xml.invalid_name` for a name that is not an XML Name (or is longer than
 * XML_NAME_MAX_LENGTH), and `xml.invalid_value` for attributes that are not an object, a value that is
 * not a string, a finite number or undefined (naming the attribute), or a body that is not a string.
 */
export function xmlElement(name: string, attributes: XmlAttributes = {}, body?: string): string {
  assertName(name, "element name");
  if (!isRecord(attributes)) {
    throw new ElowenError({
      code: XML_INVALID_VALUE,
      summary: `attributes of <${name}> are not an object`,
      expected: "an object of attribute names to values",
      received: describeValue(attributes),
      fix: "pass attributes as { name: value }",
    });
  }
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) {
    assertName(key, `attribute name of <${name}>`);
    if (value === undefined) continue;
    open += ` ${key}="${escapeXmlAttribute(attributeText(name, key, value))}"`;
  }
  if (body === undefined) return `${open}/>`;
  if (typeof body !== "string") {
    throw new ElowenError({
      code: XML_INVALID_VALUE,
      summary: `body of <${name}> is not a string`,
      expected: "a string or undefined",
      received: describeValue(body),
      fix: "convert the body to text before building the element",
    });
  }
  return `${open}>${body}</${name}>`;
}

function assertName(name: unknown, role: string): void {
  if (typeof name === "string" && isXmlName(name)) return;
  throw new ElowenError({
    code: XML_INVALID_NAME,
    summary: `${role} is not an XML name`,
    expected: `a letter, "_" or ":" followed by letters, digits, "-", "." or "_", at most ${XML_NAME_MAX_LENGTH} characters`,
    received: describeValue(name),
    fix: "use a fixed name such as skill or name; never build names from user input",
  });
}

function attributeText(element: string, key: string, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new ElowenError({
    code: XML_INVALID_VALUE,
    summary: `attribute ${key} of <${element}> has a value XML cannot hold`,
    expected: "a string, a finite number or undefined",
    received: describeValue(value),
    fix: `convert ${key} to a string (or leave it undefined to omit it)`,
  });
}
