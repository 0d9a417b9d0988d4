/**
 * Price and rebate code rules: pure functions, no I/O. Money in integer minor units (öre);
 * major units only at the wire edge (toWire.ts). Decisions are documented on each function and in
 * ./README.md.
 */
export * from './money';
export * from './errors';
export * from './localTime';
export * from './priceRules';
export * from './segments';
export * from './unitCharge';
export * from './priceLines';
export * from './calculatePrice';
export * from './toWire';
export * from './messages';
export * from './rebates/codeTypes';
export * from './rebates/applicability';
export * from './rebates/applyCodes';
export * from './rebates/consumption';
export * from './rebates/sign';
export * from './rebates/validateInput';
