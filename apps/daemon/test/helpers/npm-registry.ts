import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "tar";
import { tarballIntegrity } from "../../src/plugins/install/fetch-package.js";

/** Files of a package to pack: path → content. `package.json` is given as an object. */
export interface PackageFiles {
  readonly packageJson: Record<string, unknown>;
  readonly files?: Readonly<Record<string, string>>;
}

/** Packs files into an npm-style tarball (every entry under `package/`); returns its path. */
export async function packTarball(into: string, pkg: PackageFiles): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "elowen-pack-"));
  const dir = join(root, "package");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify(pkg.packageJson, null, 2));
  for (const [path, text] of Object.entries(pkg.files ?? {})) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const { name, version } = pkg.packageJson as { name: string; version: string };
  const file = join(into, `${name.replace("/", "-")}-${version}.tgz`);
  await create({ gzip: true, file, cwd: root, portable: true }, ["package"]);
  return file;
}

/**
 * A static npm-style registry folder (`<name>/index.json` packuments beside `<name>/-/*.tgz`)
 * served on loopback, so that the real npm client fetches from it with no network.
 */
export class LocalRegistry {
  readonly dir = mkdtempSync(join(tmpdir(), "elowen-registry-"));
  #server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      const path = decodeURIComponent((request.url ?? "/").split("?")[0] ?? "/");
      const file = path.includes("/-/") ? join(this.dir, path) : join(this.dir, path, "index.json");
      try {
        const body = readFileSync(file);
        response.writeHead(200, {
          "content-type": file.endsWith(".json") ? "application/json" : "application/octet-stream",
        });
        response.end(body);
      } catch {
        response.writeHead(404, { "content-type": "application/json" });
        response.end('{"error":"not found"}');
      }
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/`;
  }

  /** Publishes a version: packs it and adds it to the package's packument as `latest`. */
  async publish(pkg: PackageFiles): Promise<string> {
    const { name, version } = pkg.packageJson as { name: string; version: string };
    const folder = join(this.dir, name, "-");
    mkdirSync(folder, { recursive: true });
    const tarball = await packTarball(folder, pkg);
    const packumentFile = join(this.dir, name, "index.json");
    let packument: {
      name: string;
      "dist-tags": Record<string, string>;
      versions: Record<string, unknown>;
    };
    try {
      packument = JSON.parse(readFileSync(packumentFile, "utf8"));
    } catch {
      packument = { name, "dist-tags": {}, versions: {} };
    }
    const fileName = tarball.slice(folder.length + 1);
    packument.versions[version] = {
      ...pkg.packageJson,
      dist: { tarball: `${this.url}${name}/-/${fileName}`, integrity: tarballIntegrity(tarball) },
    };
    packument["dist-tags"].latest = version;
    writeFileSync(packumentFile, JSON.stringify(packument));
    return tarball;
  }

  /** npm's environment for this registry, with a cache of its own. */
  npmEnv(cache: string): Record<string, string> {
    return { npm_config_registry: this.url, npm_config_cache: cache, npm_config_offline: "false" };
  }

  close(): Promise<void> {
    return new Promise((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve(),
    );
  }
}
