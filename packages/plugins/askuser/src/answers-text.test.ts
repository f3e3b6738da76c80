import type { QuestionRecord } from "@elowen/plugin-api/questions";
import { describe, expect, test } from "vitest";
import { answersText } from "./answers-text.js";

const answered = (header: string, question: string, selected: string[], other?: string) =>
  ({
    question,
    header,
    selected,
    outcome: "answered",
    ...(other === undefined ? {} : { other }),
  }) satisfies QuestionRecord;
const expired = (header: string, question: string): QuestionRecord => ({
  question,
  header,
  selected: [],
  outcome: "expired",
});

describe("answersText", () => {
  test("states a single answer plainly", () => {
    const text = answersText({
      questions: [answered("Database", "Which database should the service use?", ["SQLite"])],
    });
    expect(text).toBe(
      [
        "The user answered your question:",
        '- Database ("Which database should the service use?"): "SQLite"',
      ].join("\n"),
    );
  });

  test("lists several selections and custom input, quoted so commas and newlines stay inside", () => {
    const text = answersText({
      questions: [
        answered("Database", "Which database?", ["Postgres"]),
        answered(
          "Features",
          "Which features ship first?",
          ["Search, fast", "Export"],
          "dark\nmode",
        ),
      ],
    });
    expect(text).toBe(
      [
        "The user answered your questions:",
        '- Database ("Which database?"): "Postgres"',
        '- Features ("Which features ship first?"): "Search, fast", "Export", in their own words "dark\\nmode"',
      ].join("\n"),
    );
  });

  test("says which questions expired unanswered and tells the model to go on without them", () => {
    const text = answersText({
      questions: [answered("Database", "Which database?", ["SQLite"]), expired("Deploy", "Where?")],
    });
    expect(text).toBe(
      [
        "The user answered 1 of 2 questions; the others expired unanswered:",
        '- Database ("Which database?"): "SQLite"',
        '- Deploy ("Where?"): no answer, the question expired unanswered',
        "Go on without the missing answers: choose a sensible default and say which, or ask again later.",
      ].join("\n"),
    );
  });

  test.each([
    [1, "The user did not answer: the question expired unanswered."],
    [4, "The user did not answer: the questions expired unanswered."],
  ])("says plainly when none of %i questions was answered", (count, opening) => {
    const questions = Array.from({ length: count }, (_, i) => expired(`Q${i}`, "Why?"));
    const lines = answersText({ questions }).split("\n");
    expect(lines[0]).toBe(opening);
    expect(lines).toHaveLength(count + 2);
  });

  test("answers with custom input alone", () => {
    const text = answersText({
      questions: [answered("Name", "What should it be called?", [], "Lark")],
    });
    expect(text.split("\n")[1]).toBe(
      '- Name ("What should it be called?"): in their own words "Lark"',
    );
  });
});
