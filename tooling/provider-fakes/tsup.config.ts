import { defineLibrary } from "@elowen/tsup-config";

export default defineLibrary();
