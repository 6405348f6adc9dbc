/** News and subscriptions (competitions service): payloads, replies and messages; the subjects are in subjects.ts. */
import type { PageQuery } from './rpc';

/**
 * News categories: the `dictValue`s of the website navigation's news children
 * (news list, previous works, competition info, competition guide, operating manual).
 */
export const NEWS_CATEGORIES = [1, 2, 3, 4, 5] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** draft → (pending → published | rejected) or → published; published → draft when unpublished. */
export const NEWS_STATUSES = ['draft', 'pending', 'published', 'rejected'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 500;
/** Sanitised HTML; generous, since pasted articles carry a lot of markup. */
export const NEWS_CONTENT_MAX = 200_000;

/** A news item as lists show it (no content). */
export interface NewsItem {
  id: number;
  groupId: number;
  title: string;
  summary: string;
  coverUrl: string | null;
  category: NewsCategory;
  competitionId: number | null;
  status: NewsStatus;
  rejectReason: string | null;
  top: boolean;
  views: number;
  authorId: number;
  authorName: string;
  publishedAt: string | null;
  appliedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewsDetail extends NewsItem {
  content: string;
  /** Whether the caller has it in their favourites (back office detail only). */
  collected?: boolean;
}

/** What the public site gets: published news, nothing about the workflow. */
export type PublicNewsItem = Pick<
  NewsItem,
  'id' | 'groupId' | 'title' | 'summary' | 'coverUrl' | 'category' | 'competitionId' | 'top' | 'views' | 'authorName' | 'publishedAt'
>;
export interface PublicNewsDetail extends PublicNewsItem {
  content: string;
}

export interface NewsPageQuery extends PageQuery {
  keyword?: string;
  category?: number;
  status?: NewsStatus;
  competitionId?: number;
  groupId?: number;
  /** Only the caller's own items (the apply screen). */
  mine?: boolean;
}

export interface PublicNewsPageQuery extends PageQuery {
  /** The organisation's site; without it, the host name the visitor used. */
  groupId?: number;
  host?: string;
  category?: number;
  competitionId?: number;
  keyword?: string;
}

export interface NewsSavePayload {
  /** Absent for a new item. */
  id?: number;
  /** The organisation it belongs to; defaults to the caller's. */
  groupId?: number;
  title: string;
  summary?: string;
  coverUrl?: string | null;
  content: string;
  category: number;
  competitionId?: number | null;
  top?: boolean;
  /** Publish (or submit for approval) right away instead of keeping a draft. */
  publish?: boolean;
}

export interface NewsCheckPayload {
  id: number;
  approve: boolean;
  /** Required when rejecting: the applicant sees it. */
  reason?: string;
}

export interface NewsCollectPayload {
  id: number;
  collect: boolean;
}

export interface CollectedNews extends NewsItem {
  collectedAt: string;
}

export interface Subscription {
  /** The organisation whose categories are followed (its public site). */
  groupId: number;
  competitionIds: number[];
  categories: NewsCategory[];
}

export interface SubscribeMessage {
  id: number;
  newsId: number;
  title: string;
  /** Where the public site shows the news. */
  link: string;
  read: boolean;
  createdAt: string;
}

export interface MessagePageQuery extends PageQuery {
  read?: boolean;
}

export interface IdsPayload {
  ids: number[];
}

/** Link of a news item on the public site (spec route /home/newsDetails). */
export const newsLink = (id: number): string => `/home/newsDetails?id=${id}`;

/** Image upload reply; `url` is served by the gateway. */
export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  contentType: string;
}

/** A signed, expiring link to a stored PDF, for the viewers /preview and /pdf (no login needed to open it). */
export interface FileLinkReply {
  url: string;
  expiresAt: string;
  name: string;
}

/** Server messages of the news feature, merged into the catalogue in i18n.ts. */
export const newsMessages = {
  'news.notFound': { 'zh-CN': '资讯不存在：{id}', en: 'No such news item: {id}' },
  'news.badCategory': { 'zh-CN': '资讯分类无效：{category}（应为 1 至 5）', en: 'Invalid news category: {category} (must be 1 to 5)' },
  'news.emptyContent': { 'zh-CN': '正文不能为空', en: 'The content is empty' },
  'news.notPending': { 'zh-CN': '该资讯不在待审核状态', en: 'This news item is not waiting for approval' },
  'news.reasonRequired': { 'zh-CN': '驳回时请填写原因', en: 'Give a reason when rejecting' },
  'news.publishedLocked': {
    'zh-CN': '已发布的资讯不能修改或删除，请联系上级机构管理员先下线',
    en: 'Published news cannot be changed or deleted; ask the superior organisation to unpublish it first',
  },
  'news.notPublished': { 'zh-CN': '该资讯尚未发布', en: 'This news item is not published' },
  'news.alreadyPublished': { 'zh-CN': '该资讯已发布', en: 'This news item is already published' },
  'news.alreadyPending': { 'zh-CN': '该资讯已提交审核，请等待审核结果', en: 'This news item is already waiting for approval' },
  'upload.noFile': { 'zh-CN': '请上传文件（字段名 file）', en: 'Upload a file in the field named "file"' },
  'upload.tooLarge': { 'zh-CN': '文件过大，最大 {limit}', en: 'The file is too large; the limit is {limit}' },
  'upload.notImage': {
    'zh-CN': '文件内容不是 PNG、JPEG、GIF 或 WebP 图片（按文件内容判断，与扩展名无关）',
    en: 'The file content is not a PNG, JPEG, GIF or WebP image (judged by its bytes, not its name)',
  },
  'upload.notFound': { 'zh-CN': '文件不存在', en: 'No such file' },
  'file.linkExpired': {
    'zh-CN': '预览链接无效或已过期（链接 30 分钟内有效），请回到原页面重新打开',
    en: 'This preview link is not valid or has expired (links last 30 minutes); open it again from its page',
  },
} as const;
