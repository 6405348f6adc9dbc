import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, storedImageUrl } from '@cmp/common';
import sharp from 'sharp';
import { BANNER_MIN_SIZE, BANNER_SIZE, ErrorCode, Perm, type UploadedFile } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { LoggedIn, Permissions, Public } from '../http/access.decorators';
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

  /**
   * A homepage banner (网站横幅): an image judged by its bytes, at least BANNER_MIN_SIZE, turned upright, cut to the
   * carousel's 15:4 around its centre and scaled down to at most BANNER_SIZE, stored as a progressive JPEG (a 10 MB photo
   * becomes a few hundred KB, so the homepage stays quick on a phone).
   */
  @Post('upload/banner')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.websiteEdit)
  async uploadBanner(@Req() req: FastifyRequest): Promise<UploadedFile & { width: number; height: number }> {
    const buf = await readUploadedFile(req, this.config.imageLimitBytes);
    if (!sniffImageType(buf)) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'upload.notImage');
    const meta = await sharp(buf)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw AppError.badRequest('banner.unreadable');
    // EXIF orientations 5-8 turn the picture a quarter: its upright size has width and height swapped.
    const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    if (width < BANNER_MIN_SIZE.width || height < BANNER_MIN_SIZE.height) {
      throw AppError.badRequest('banner.tooSmall', { width, height, minWidth: BANNER_MIN_SIZE.width, minHeight: BANNER_MIN_SIZE.height });
    }
    // The largest 15:4 piece of the picture, no larger than BANNER_SIZE: never enlarged.
    const outWidth = Math.floor(Math.min(BANNER_SIZE.width, width, (height * BANNER_SIZE.width) / BANNER_SIZE.height));
    const outHeight = Math.round((outWidth * BANNER_SIZE.height) / BANNER_SIZE.width);
    const out = await sharp(buf)
      .rotate()
      .resize({ width: outWidth, height: outHeight, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, progressive: true, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw AppError.badRequest('banner.unreadable');
      });
    const name = await this.storage.save('images', out.data, 'jpg', 'image/jpeg');
    return { url: storedImageUrl(name), name, size: out.data.length, contentType: 'image/jpeg', width: out.info.width, height: out.info.height };
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
