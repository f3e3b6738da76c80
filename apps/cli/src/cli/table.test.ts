import { describe, expect, test } from "vitest";
import { formatTable } from "./table.js";

describe("formatTable", () => {
  test("pads columns to their widest cell in terminal columns, with no trailing spaces", () => {
    expect(
      formatTable(
        ["ID", "TITLE"],
        [
          ["s_1", "日本語"],
          ["s_22", "x"],
        ],
      ),
    ).toBe("ID    TITLE\ns_1   日本語\ns_22  x\n");
  });
  test("prints the header alone for no rows", () => {
    expect(formatTable(["A", "B"], [])).toBe("A  B\n");
  });
});
