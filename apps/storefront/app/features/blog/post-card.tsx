import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { formatDate, type PostSummary } from '../content/content-data.ts';
import { truncateAtWord } from '../../lib/text.ts';

/** About three lines of a card at its narrowest; cut at a word, never inside one. */
const EXCERPT_LIMIT = 120;

export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = `/blog/${post.slug}`;
  return (
    <article className="post-card" data-testid="post-card">
      <Link to={href} className="post-card__media" tabIndex={-1} aria-hidden="true">
        {post.image ? (
          <ResponsiveImage
            image={post.image}
            alt=""
            sizes="(max-width: 599px) 100vw, (max-width: 879px) 50vw, (max-width: 1159px) 33vw, 300px"
          />
        ) : (
          <span className="post-card__placeholder" />
        )}
      </Link>
      <div className="post-card__body">
        <p className="post-card__meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.author}
        </p>
        <Heading className="post-card__title">
          <Link to={href}>{post.title}</Link>
        </Heading>
        {post.excerpt ? (
          <p className="post-card__excerpt">{truncateAtWord(post.excerpt, EXCERPT_LIMIT)}</p>
        ) : null}
        <Link to={href} className="text-link" aria-hidden="true" tabIndex={-1}>
          Read the story →
        </Link>
      </div>
    </article>
  );
}

export function PostGrid({ posts, headingLevel }: { posts: PostSummary[]; headingLevel?: 2 | 3 }) {
  if (posts.length === 0) return <p className="empty-state">No stories yet. The kettle is on.</p>;
  return (
    <ul className="post-grid" data-testid="post-grid">
      {posts.map((post) => (
        <li key={post.slug}>
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
