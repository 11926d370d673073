/**
 * A person's name as a button opening a menu (profile, Follow / Unfollow). Feeds draw up to 60 names:
 * the menu, its reads and saves are mounted only while open or while a save it started is under way.
 */
import ButtonBase from '@mui/material/ButtonBase';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorToast } from './ErrorToast.tsx';
import { useFollowToggle } from './FollowButton.tsx';
import { ShownName } from './ShownText.tsx';

export function PersonName({ uid, name, own = false }: { uid: string; name: string; own?: boolean }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // A projection without a uid (an old item) names nobody who could be opened.
  if (!uid) return <ShownName name={name} />;
  return (
    <>
      <ButtonBase
        ref={anchor}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setActive(true);
          setOpen(true);
        }}
        sx={{
          font: 'inherit',
          color: 'inherit',
          textAlign: 'start',
          borderRadius: 0.5,
          maxWidth: '100%',
          display: 'inline',
          '&:hover': { textDecoration: 'underline' },
        }}
      >
        <ShownName name={name} />
      </ButtonBase>
      {active && (
        <PersonMenu
          uid={uid}
          name={name}
          own={own}
          id={menuId}
          anchor={anchor.current}
          open={open}
          onClose={() => setOpen(false)}
          onIdle={() => setActive(false)}
        />
      )}
    </>
  );
}

function PersonMenu(props: {
  uid: string;
  name: string;
  own: boolean;
  id: string;
  anchor: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  onIdle: () => void;
}) {
  const { uid, name, own, open, onClose, onIdle } = props;
  const { follows, busy, disabled, status, clear, toggle } = useFollowToggle(uid);
  const failure = status?.kind === 'error' ? status.message : null;
  // Unmounted once nothing is left to show: closed, no save under way, no failure on screen.
  useEffect(() => {
    if (!open && !busy && failure === null) onIdle();
  }, [open, busy, failure, onIdle]);
  return (
    <>
      <Menu id={props.id} anchorEl={props.anchor} open={open} onClose={onClose}>
        <MenuItem component={RouterLink} to={`/people/${encodeURIComponent(uid)}`} onClick={onClose}>
          <ListItemText>View profile</ListItemText>
        </MenuItem>
        {!own && (
          <MenuItem
            disabled={disabled}
            onClick={() => {
              toggle();
              onClose();
            }}
          >
            <ListItemText>
              {follows ? 'Unfollow' : 'Follow'} <ShownName name={name} />
            </ListItemText>
          </MenuItem>
        )}
      </Menu>
      {failure && <ErrorToast message={failure} onClose={clear} />}
    </>
  );
}
