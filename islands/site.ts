/**
 * The browser module every page loads (one small script): shared behaviour that needs no island
 * markup. Each feature lives in its own module under islands/site/ and is imported here.
 */
export {};
