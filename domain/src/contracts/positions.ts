import { z } from 'zod';

/**
 * An event-store position as both adapters write it: two fixed-width decimal numbers, so plain
 * text comparison orders positions as commits happened (checkpoints, read-your-writes).
 */
export const POSITION_PATTERN = /^\d{20}\/\d{20}$/;

export const positionSchema = z.string().regex(POSITION_PATTERN, 'позиция должна иметь вид 00000000000000000001/00000000000000000001');
