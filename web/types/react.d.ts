// React's names resolve to preact/compat (aliased in the build and in tests).
declare module "react" {
  export * from "preact/compat";
  export { default } from "preact/compat";
}
declare module "react-dom" {
  export * from "preact/compat";
  export { default } from "preact/compat";
}
declare module "@preact/signals-react" {
  export * from "@preact/signals";
}
