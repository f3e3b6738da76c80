import { definePackageTests } from "@elowen/vitest-config";

export default definePackageTests();
