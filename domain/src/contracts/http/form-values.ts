/** A form's field left blank ("" or spaces) is as good as one not sent: null, for the rule that requires it to refuse. */
export const blankAsNull = <T>(value: T): T | null => (typeof value === 'string' && value.trim() === '' ? null : value);
