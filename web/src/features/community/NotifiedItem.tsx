/** One's own post or activity named in the address (`?post=` or `?activity=`): a notification opens its comments. */
import { useSearchParams } from 'react-router-dom';
import type { SocialTarget } from '../../data/social.ts';
import { useEngagement } from '../../data/social-queries.ts';
import { CommentsDialog } from './CommentsDialog.tsx';

const ITEMS = [
  { param: 'post', feed: 'feedPosts', label: 'your post' },
  { param: 'activity', feed: 'feedActivities', label: 'your activity' },
] as const;

export function NotifiedItem({ uid }: { uid: string }) {
  const [params, setParams] = useSearchParams();
  const item = ITEMS.find((i) => params.get(i.param));
  if (!item) return null;
  const target = { feed: item.feed, owner: uid, id: params.get(item.param) ?? '' };
  const close = () =>
    setParams(
      (p) => {
        p.delete(item.param);
        return p;
      },
      { replace: true },
    );
  return <ItemComments key={target.id} target={target} label={item.label} onClose={close} />;
}

function ItemComments(props: { target: SocialTarget; label: string; onClose: () => void }) {
  const { feed, owner, id } = props.target;
  // The item may be older than the feed's page, so its counts are read on their own.
  const stats = useEngagement(feed, [`${owner}_${id}`]).data?.get(`${owner}_${id}`) ?? null;
  return <CommentsDialog target={props.target} stats={stats} label={props.label} onClose={props.onClose} />;
}
