import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { mock } from "bun:test";
import * as testUtils from "preact/test-utils";

GlobalRegistrator.register();
mock.module("react-dom/test-utils", () => testUtils);
