import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";

// findBy* and waitFor wait up to this long for what a component shows after a timer or a fetch
// (the company look-up waits 300 ms for typing to pause). The library's 1 s ran out on a busy
// two-core machine; a test that passes still finishes as soon as the condition holds.
configure({ asyncUtilTimeout: 5_000 });
