import { afterEach } from "vitest";

/**
 * A keeper of things a test opens (daemons, provider fakes): each is closed after the test that
 * kept it, the last kept first.
 */
export function closedAfterEach(): <T extends { close(): unknown }>(resource: T) => T {
  const open: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const resource of open.splice(0).reverse()) await resource.close();
  });
  return (resource) => {
    open.push(resource);
    return resource;
  };
}
