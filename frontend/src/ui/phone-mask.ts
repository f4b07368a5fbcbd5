import type { MaskitoOptions, MaskitoPreprocessor } from '@maskito/core';

const digit = /\d/;

/**
 * A pasted or autofilled whole number (8 999 123-45-67, +7 999 …, 79991234567) loses its leading
 * 8 or 7, which the mask's fixed +7 already stands for.
 */
export const stripTrunkPrefix: MaskitoPreprocessor = ({ elementState, data }) => {
  const digits = data.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) return { elementState, data: digits.slice(1) };
  return { elementState, data };
};

/** +7 (999) 123-45-67 */
export const phoneMask: MaskitoOptions = {
  mask: ['+', '7', ' ', '(', digit, digit, digit, ')', ' ', digit, digit, digit, '-', digit, digit, '-', digit, digit],
  preprocessors: [stripTrunkPrefix],
};
