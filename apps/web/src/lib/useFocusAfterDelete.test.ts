import { describe, expect, it } from "vitest";
import { neighbours } from "./useFocusAfterDelete";

describe("neighbours", () => {
  it("offers the next row first, then the previous one", () => {
    expect(neighbours(["a", "b", "c"], "b")).toEqual(["c", "a"]);
  });

  it("offers only the row that exists at either end", () => {
    expect(neighbours(["a", "b", "c"], "a")).toEqual(["b"]);
    expect(neighbours(["a", "b", "c"], "c")).toEqual(["b"]);
  });

  it("offers nothing for the only row or a row not in the list", () => {
    expect(neighbours(["a"], "a")).toEqual([]);
    expect(neighbours(["a", "b"], "x")).toEqual([]);
  });
});
