// The "did you mean" helpers live in @skill-map/spec (the node-kind vocabulary suggests with them, on the page too).
export { editDistance, suggest } from '@skill-map/spec';
