import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, storedImageUrl } from '@cmp/common';
import { ErrorCode, type UploadedFile } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { LoggedIn, Public } from '../http/access.decorators';
import { FILE_STORAGE, PUBLIC_KINDS, type FileStorage, type StorageKind } from './file-storage';
import { contentTypeOfStored, sniffImageType } from './image-type';
import { readUploadedFile } from './read-upload';

@ApiTags('files')
@Controller('file')
export class StorageController {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * An image (multipart field `file`) for news covers, the news editor or avatars: judged by its bytes
   * (PNG, JPEG, GIF or WebP), at most IMAGE_LIMIT_BYTES, stored under a random name.
   */
  @Post('upload/image')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @LoggedIn()
  async uploadImage(@Req() req: FastifyRequest): Promise<UploadedFile> {
    const buf = await readUploadedFile(req, this.config.imageLimitBytes);
    const type = sniffImageType(buf);
    if (!type) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'upload.notImage');
    const name = await this.storage.save('images', buf, type.ext, type.contentType);
    return { url: storedImageUrl(name), name, size: buf.length, contentType: type.contentType };
  }

  /** Streams a stored file. Names never change content, so browsers and proxies may keep it for a year. */
  @Get(':kind/:name')
  @Public()
  async serve(@Param('kind') kind: string, @Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    // Private kinds (works) are served only by their own routes, which check who asks.
    const file = PUBLIC_KINDS.includes(kind as StorageKind) ? await this.storage.open(kind, name) : null;
    const type = contentTypeOfStored(name);
    if (!file || !type) throw AppError.notFound('upload.notFound');
    void reply
      .header('content-type', type)
      .header('content-length', String(file.size))
      .header('cache-control', 'public, max-age=31536000, immutable');
    return new StreamableFile(file.stream);
  }
}
