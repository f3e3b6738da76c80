/** @elowen/plugin-shared: Small helpers Elowen plugins and the host share: errors, atomicJson, record, xml, duration. */
export const PACKAGE_NAME = "@elowen/plugin-shared";
