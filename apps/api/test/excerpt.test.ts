import { describe, expect, it } from "vitest";
import { excerpt } from "../src/modules/discussions/present.js";

describe("a post's or message's preview", () => {
  it("keeps inline markup's text joined to its neighbours and separates blocks", () => {
    expect(excerpt("<p>Hello everyone, <strong>welcome</strong>! Read <a href='x'>this</a>.</p><p>Next</p>")).toBe(
      "Hello everyone, welcome! Read this. Next",
    );
    expect(excerpt("<ul><li>one</li><li>two</li></ul>line<br>break &amp; more")).toBe("one two line break & more");
  });
});
