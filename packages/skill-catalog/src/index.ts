/** @elowen/skill-catalog: The live skill registry, its model and user projections, and the canonical skill file reader. */
export const PACKAGE_NAME = "@elowen/skill-catalog";
