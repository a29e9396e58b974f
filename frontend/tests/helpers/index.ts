/** The tests' shared helpers: ``import { mount, sample, mockFetch } from "../helpers"``. */
export * from "./board";
export * from "./dom";
export * from "./fetch";
export * from "./games";
export * from "./samples";
