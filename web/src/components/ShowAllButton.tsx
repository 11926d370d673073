import Button from '@mui/material/Button';

/** A section card's "Show All" action, opening the popup with every record. */
export function ShowAllButton(props: { onClick: () => void }) {
  return (
    <Button size="small" onClick={props.onClick} sx={{ mt: -0.5, whiteSpace: 'nowrap' }}>
      Show All
    </Button>
  );
}
