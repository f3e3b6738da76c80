import { defineLibrary } from "@elowen/tsup-config";

// One entry per subpath of package.json `exports`; splitting keeps each module (and each zod
// schema) in one shared chunk, so two subpaths never hand out two copies of the same value.
export default defineLibrary({
  entry: {
    index: "src/index.ts",
    access: "src/subpaths/access.ts",
    browser: "src/subpaths/browser.ts",
    cards: "src/subpaths/cards.ts",
    chains: "src/subpaths/chains.ts",
    cluster: "src/subpaths/cluster.ts",
    commands: "src/subpaths/commands.ts",
    events: "src/subpaths/events.ts",
    hooks: "src/subpaths/hooks.ts",
    images: "src/subpaths/images.ts",
    journal: "src/subpaths/journal.ts",
    limits: "src/subpaths/limits.ts",
    "prompt-box": "src/subpaths/prompt-box.ts",
    "prompt-context": "src/subpaths/prompt-context.ts",
    questions: "src/subpaths/questions.ts",
    routes: "src/subpaths/routes.ts",
    "run-boundary": "src/subpaths/run-boundary.ts",
    skills: "src/subpaths/skills.ts",
    status: "src/subpaths/status.ts",
    tools: "src/subpaths/tools.ts",
    trace: "src/subpaths/trace.ts",
    versions: "src/subpaths/versions.ts",
  },
  splitting: true,
});
