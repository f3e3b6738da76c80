export const ATOMICJSON_PLACEHOLDER = true;
