// Mantine's CSS for the debt screens, loaded with their chunk (never with /login or the shell).
import '../../../components/resource/mantineStyles';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SimpleGrid.css';
