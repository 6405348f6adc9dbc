import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { OFFLINE_STATUSES, ORDER_STATUSES, PAY_CHANNELS, RECON_KINDS, REFUND_STATUSES, type OfflineStatus, type OrderStatus, type PayChannel, type ReconKind, type RefundStatus } from '@cmp/contracts';
import { OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto } from '../http/page.dto';

export class PayDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  signupId: number;

  @ApiProperty({ enum: PAY_CHANNELS, description: 'page: computer cashier; wap: phone cashier; qr: a QR code to scan' })
  @IsIn(PAY_CHANNELS)
  channel: PayChannel;
}

export class PayQueryDto {
  @ApiPropertyOptional({ description: 'the order number (out_trade_no) Alipay sent the payer back with' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_]{1,64}$/)
  orderNo?: string;

  @OptionalId({ description: "or a sign-up: its latest order" })
  signupId?: number;
}

export class PayStateDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  signupId: number;
}

export class OrderPageDto extends PageDto {
  @OptionalId()
  competitionId?: number;

  @OptionalId()
  itemId?: number;

  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES)
  status?: OrderStatus;

  @ApiPropertyOptional({ description: 'order number, Alipay trade number or payer name' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  keyword?: string;

  @ApiPropertyOptional({ description: 'created from (ISO 8601)' })
  @IsOptional()
  @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ description: 'created before (ISO 8601)' })
  @IsOptional()
  @IsISO8601()
  to?: string;
}

export class RefundDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  orderId: number;

  @ApiProperty({ description: 'fen (分), at most what is paid and not yet refunded' })
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  amountFen: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  reason: string;
}

export class RefundPageDto extends PageDto {
  @ApiPropertyOptional({ description: 'refund number, order number or payer name' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  keyword?: string;

  @ApiPropertyOptional({ enum: REFUND_STATUSES })
  @IsOptional()
  @IsIn(REFUND_STATUSES)
  status?: RefundStatus;
}

const BILL_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export class BillDayDto {
  @ApiProperty({ description: 'the bill\'s day, yyyy-MM-dd (Beijing time)' })
  @IsString()
  @Matches(BILL_DAY, { message: 'billDay must be yyyy-MM-dd' })
  billDay: string;
}

export class BillImportQueryDto {
  @ApiPropertyOptional({ description: 'the bill\'s day when the file does not say it (yyyy-MM-dd)' })
  @IsOptional()
  @IsString()
  @Matches(BILL_DAY, { message: 'billDay must be yyyy-MM-dd' })
  billDay?: string;
}

export class ReconPageDto extends PageDto {
  @ApiPropertyOptional({ enum: [0, 1], description: "1: only the days' current runs with differences not yet settled" })
  @IsOptional()
  @NumberFromText()
  @IsIn([0, 1])
  unresolved?: 0 | 1;
}

export class ReconDetailDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  id: number;

  @ApiPropertyOptional({ enum: RECON_KINDS })
  @IsOptional()
  @IsIn(RECON_KINDS)
  kind?: ReconKind;
}

export class OfflineCreateDto {
  @ApiProperty({ description: 'the sign-up number (报名编号)' })
  @NumberFromText()
  @IsInt()
  @Min(1)
  signupId: number;

  @ApiProperty({ description: 'how it was paid (transfer, cash) and any reference' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  reason: string;
}

export class OfflineSignupsDto {
  @ApiProperty({ description: 'payer name, account or sign-up number' })
  @IsString()
  @MaxLength(64)
  keyword: string;
}

export class OfflinePageDto extends PageDto {
  @ApiPropertyOptional({ description: 'payer, competition or sign-up number' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  keyword?: string;

  @ApiPropertyOptional({ enum: OFFLINE_STATUSES })
  @IsOptional()
  @IsIn(OFFLINE_STATUSES)
  status?: OfflineStatus;
}

export class OfflineDecisionDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty()
  @IsBoolean()
  approve: boolean;

  @ApiPropertyOptional({ description: 'required when rejecting' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  note?: string;
}

/** A refund above the approval amount, approved or rejected by a second finance person: the same decision as an offline payment's. */
export class RefundDecisionDto extends OfflineDecisionDto {}

export class FinanceSettingsQueryDto {
  @ApiPropertyOptional({ description: "an organisation the caller manages; the caller's own when left out" })
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number;
}

export class FinanceSettingsDto extends FinanceSettingsQueryDto {
  @ApiProperty({ description: 'fen (分): refunds above it need a second finance person (0: every refund does)' })
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  refundApprovalFen: number;
}
