import { expect, test } from "bun:test";
import { isPersonName } from "./person-name";

test("names of any script with their punctuation pass; links, formulas, markup and digits do not", () => {
  for (const name of [
    "Ana",
    "O'Neil",
    "Jean-Luc",
    "Mary Ann",
    "St. John",
    "Núñez",
    "Łukasz",
    "山田",
    "Nguyễn",
    "D’Angelo",
    "Ann\u00a0Lee",
    "Gal·la",
    "阿沛·阿旺晋美",
    "ソン・ガンホ",
  ])
    expect([name, isPersonName(name)]).toEqual([name, true]);
  for (const name of ['=HYPERLINK("http://evil.example")', "-2+3", "@SUM(A1)", "<b>Ana</b>", "http://evil.example", "Ana2", "'Ana"])
    expect([name, isPersonName(name)]).toEqual([name, false]);
});
