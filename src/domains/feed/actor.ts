/** Who reads the feed: the whole actor, since each domain's record sight decides with its own part of it. */
import type { Actor } from '../../http/access.ts';

export type FeedActor = Actor;
