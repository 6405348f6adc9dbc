import { Controller, Get, Inject, Injectable, Query, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from './private-file';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { AppError, fileLinkKey, signFileLink, verifyFileLink, type StorageBackend } from '@cmp/common';
import { ErrorCode, type FileLinkReply } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { Public } from '../http/access.decorators';
import { NumberFromText } from '../http/page.dto';
import { STORAGE_BACKEND } from './file-storage';

/** How long a viewer's link lasts: long enough to read a report, short enough that a forwarded link soon dies. */
export const FILE_LINK_SECONDS = 30 * 60;

/** Issues signed links for files a route has just checked the caller may read. */
@Injectable()
export class FileLinks {
  private readonly key: Buffer;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.key = fileLinkKey(config.jwtSecret);
  }

  issue(storageKey: string, name: string, contentType = 'application/pdf'): FileLinkReply {
    const expires = Math.floor(Date.now() / 1000) + FILE_LINK_SECONDS;
    const link = { key: storageKey, name, contentType, expires };
    const q = new URLSearchParams({ k: storageKey, n: name, t: contentType, e: String(expires), s: signFileLink(this.key, link) });
    return { url: `/prod-api/file/link?${q}`, expiresAt: new Date(expires * 1000).toISOString(), name };
  }

  verify(q: FileLinkQueryDto): boolean {
    return verifyFileLink(this.key, { key: q.k, name: q.n, contentType: q.t, expires: q.e }, q.s);
  }
}

export class FileLinkQueryDto {
  @ApiProperty({ description: 'storage key' })
  @IsString()
  @MaxLength(300)
  k: string;

  @ApiProperty({ description: 'file name' })
  @IsString()
  @MaxLength(200)
  n: string;

  @ApiProperty({ enum: ['application/pdf'] })
  @IsIn(['application/pdf'])
  t: string;

  @ApiProperty({ description: 'expiry, seconds since the epoch' })
  @NumberFromText()
  @IsInt()
  @Min(0)
  e: number;

  @ApiProperty({ description: 'signature' })
  @IsString()
  @MaxLength(100)
  s: string;

  /** Present: a download (attachment) instead of showing it in the page. */
  @ApiPropertyOptional({ enum: ['1'] })
  @IsOptional()
  @IsIn(['1'])
  download?: string;
}

@ApiTags('files')
@Controller('file')
export class FileLinkController {
  constructor(
    private readonly links: FileLinks,
    @Inject(STORAGE_BACKEND) private readonly files: StorageBackend,
  ) {}

  /** Not in the spec: a file behind a signed, expiring link (no login; the issuing route checked the reader). */
  @Get('link')
  @Public()
  async open(@Query() q: FileLinkQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    if (!this.links.verify(q)) throw new AppError(ErrorCode.NO_ACCESS, 'file.linkExpired');
    const file = await this.files.get(q.k);
    if (!file) throw AppError.notFound('upload.notFound');
    return privateFile(reply, file, { contentType: q.t, name: q.n, inline: !q.download });
  }
}
