export const DURATION_PLACEHOLDER = true;
