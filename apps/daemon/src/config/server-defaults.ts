/**
 * The listen address's defaults and rules, apart from the config schema so that the daemon can
 * open its socket before the schema (zod) loads (see quick-address.ts). The schema uses them too.
 */

/** The port the daemon listens on when neither the config nor `ELOWEN_PORT` names one. */
export const DEFAULT_PORT = 7457;
/** The address the daemon listens on when neither the config nor `ELOWEN_HOST` names one. */
export const DEFAULT_HOST = "127.0.0.1";
/** The longest host name `server.host` and `server.allowedHosts` take (DNS's limit). */
export const HOST_NAME_MAX = 253;
/** The characters of a host name or IP address (`::1` and `[::1]` included). */
export const HOST_NAME_PATTERN = /^[A-Za-z0-9.:[\]-]+$/;
/** `ELOWEN_PORT`: a whole number of at most five digits, at most 65535 (0 picks a free port). */
export const PORT_TEXT_PATTERN = /^\d{1,5}$/;
/** The highest port number. */
export const PORT_MAX = 65535;
