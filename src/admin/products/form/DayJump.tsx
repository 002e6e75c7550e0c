import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { conclusionDay } from '../../../shared/product';
import { useMessages } from '../../i18n';

/** 'Go to day N': brings any day of a long product into view. */
export function DayJump({ days, onJump }: { days: number; onJump: (day: number) => void }) {
  const t = useMessages();
  const [value, setValue] = useState('');
  const day = Number(value);
  const valid = value !== '' && Number.isInteger(day) && day >= 0 && day <= conclusionDay(days);
  const go = () => valid && onJump(day);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        size="small"
        type="number"
        label={t('products.jumpToDay')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            go();
          }
        }}
        slotProps={{ htmlInput: { min: 0, max: conclusionDay(days) } }}
        sx={{ width: 120 }}
      />
      <Button size="small" variant="outlined" onClick={go} disabled={!valid}>
        {t('products.jump')}
      </Button>
    </Box>
  );
}
