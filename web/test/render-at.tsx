// Component tests show a screen under a router at a path of their choosing: a memory location
// that records each address the screen moves to, for asserts on navigation.
import { render } from "@testing-library/react";
import type { ComponentChildren } from "preact";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";

export function renderAt(node: ComponentChildren, path = "/") {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {node}
    </Router>,
  );
  return location;
}
