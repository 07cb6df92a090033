// The export-grammar glob lives in @skill-map/spec (one copy, shared with the web page's map filters).
export { compileGlob } from '@skill-map/spec';
