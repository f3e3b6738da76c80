/**
 * @elowen/web: the Elowen browser client. The package's Node entry says where the built app is,
 * so a launcher (the CLI's `elowen daemon`) can hand that directory to the daemon, which serves it
 * from the API's own origin. The app itself is `dist/app` (index.html and hashed assets).
 */

export { hasWebBuild, WEB_INDEX_FILE, webRoot } from "./web-root.js";
