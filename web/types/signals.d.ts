// `@preact/signals-react` is a package.json alias of `@preact/signals` (see rulings).
declare module "@preact/signals-react" {
  export * from "@preact/signals";
}
