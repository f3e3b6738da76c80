export const ERRORS_PLACEHOLDER = true;
