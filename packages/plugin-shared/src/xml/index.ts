export const XML_PLACEHOLDER = true;
