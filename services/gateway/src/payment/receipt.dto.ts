import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, Matches } from 'class-validator';
import { OptionalId } from '../http/id.dto';

export class ReceiptDto {
  @OptionalId({ description: 'an order (finance, or its payer)' })
  orderId?: number;

  @OptionalId({ description: "or a sign-up: the caller's paid order of it" })
  signupId?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day, yyyy-MM-dd (2026-02-30 is refused here, not by the database). */
const Day = (): PropertyDecorator => (target, key) => {
  Matches(DAY, { message: `${String(key)} must be yyyy-MM-dd` })(target, key);
  IsISO8601({ strict: true }, { message: `${String(key)} must be a real day, yyyy-MM-dd` })(target, key);
};

export class TotalsDto {
  @ApiProperty({ description: 'first day (Beijing), yyyy-MM-dd' })
  @Day()
  from: string;

  @ApiProperty({ description: 'last day (Beijing), included, yyyy-MM-dd' })
  @Day()
  to: string;

  @OptionalId({ description: 'one competition only' })
  competitionId?: number;
}
