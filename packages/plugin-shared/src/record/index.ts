export const RECORD_PLACEHOLDER = true;
