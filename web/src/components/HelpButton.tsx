import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** The small '?' that opens an explainer popup. */
export function HelpButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
        sx={{ p: 0.25, ml: 0.25, color: 'text.secondary' }}
      >
        <HelpOutlineOutlined sx={{ fontSize: 18 }} />
      </IconButton>
    </Tooltip>
  );
}
