/** Blueprint's Tooltip alone, for src/ui/tooltip-when-shown.tsx to import when one is rendered. */
export { Tooltip } from '@blueprintjs/core';
