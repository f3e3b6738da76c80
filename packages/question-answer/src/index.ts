/** @elowen/question-answer: AskUserQuestion questions, answer records and permission approval records, validated at one boundary. */
export const PACKAGE_NAME = "@elowen/question-answer";
