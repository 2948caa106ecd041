#!/usr/bin/env bash
# Regenerates the placeholder hero clips and posters in web/public/media/hero/.
# Every frame is drawn by ffmpeg filters (no source footage), so the output is our own.
#
# Run from anywhere (needs ffmpeg built with libvpx-vp9 and libx264; on Debian: apt-get install -y ffmpeg):
#   bash web/content/generate-media.sh
# It takes a few minutes. The sponsor logos in web/public/media/sponsors/ are hand-written SVGs, not generated here.
set -euo pipefail

OUT="$(cd "$(dirname "$0")/../public" && pwd)/media/hero"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

FPS=24
DUR=7
# A deterministic per-pixel hash (0..1): geq's random() restarts per slice thread and would repeat in stripes.
HASH="mod(abs(sin(X*12.9898+Y*78.233))*43758.5453,1)"

# --- clip 1: embers rising from a glowing fire bed -------------------------------------------
# One layer of embers: $1 label, $2 density, $3 core blur, $4 halo blur, $5 rise in px/s, $6 sway phase.
# The dots are drawn once on a tall strip and slid upwards with crop, which is far cheaper than per-frame geq.
ember_layer() {
  local tall=$((H + $5 * DUR + 40)) wide=$((W + 80))
  echo "color=black:s=${wide}x${tall}:r=1:d=1,format=gray,geq=lum='if(lt(${HASH},$2),255,0)',split[$1s0][$1s1];
[$1s0]dilation,gblur=sigma=$3,lut=y='min(255,val*4)',format=gbrp,colorchannelmixer=rr=1:gg=0.85:bb=0.5[$1c];
[$1s1]gblur=sigma=$4,lut=y='min(255,val*$((7 * $4)))',format=gbrp,colorchannelmixer=rr=1:gg=0.4:bb=0.06[$1h];
[$1c][$1h]blend=all_mode=screen,loop=-1:1,fps=${FPS},
crop=${W}:${H}:'40+30*sin(t*0.8+$6)':'${tall}-${H}-t*$5'[$1e];
[$1e][$1m]blend=all_mode=multiply[$1]"
}

embers() {
  local glow="exp(-pow(hypot((X-W/2)/(W*0.55),(Y-H*1.15)/(H*0.95)),2)*2.0)"
  local fade="255*(0.1+0.9*pow(Y/H,1.3))"
  echo "color=black:s=${W}x${H}:r=1:d=1,format=gbrp,
geq=r='12+215*${glow}':g='2+70*pow(${glow},1.6)':b='3+14*pow(${glow},3)',loop=-1:1,fps=${FPS},
eq=brightness='0.025*sin(2*PI*t/3.5)':eval=frame,format=gbrp[bg];
color=black:s=${W}x${H}:r=1:d=1,format=gbrp,geq=r='${fade}':g='${fade}':b='${fade}',loop=-1:1,fps=${FPS},split[am][bm];
$(ember_layer a 0.00025 1.2 4 $((H / 6)) 0);
$(ember_layer b 0.00005 3.5 12 $((H / 11)) 2);
[a][b]blend=all_mode=screen[embers];
[bg][embers]blend=all_mode=screen"
}

# --- clip 2: flames ----------------------------------------------------------------------------
# Smooth value noise: random cells ($2 wide, three times as tall, like tongues of flame) scaled up,
# rising at $3 px/s and swaying by $4 px.
flame_noise() {
  local cell=$2 speed=$3 sway=$4
  local tall=$((H + speed * DUR + 6 * cell)) wide=$((W + 2 * sway + 2 * cell))
  echo "color=black:s=$((wide / cell))x$((tall / (3 * cell))):r=1:d=1,format=gray,geq=lum='255*${HASH}',
scale=${wide}:${tall}:flags=bicubic,loop=-1:1,fps=${FPS},
crop=${W}:${H}:'${sway}+${sway}*sin(t*1.3+${cell})':'${tall}-${H}-t*${speed}'[$1]"
}

flames() {
  echo "$(flame_noise n1 80 120 30);
$(flame_noise n2 30 210 12);
$(flame_noise n3 12 300 6);
[n1][n2]blend=all_expr='A*0.6+B*0.4'[n12];
[n12][n3]blend=all_expr='A*0.85+B*0.15'[n];
color=black:s=${W}x${H}:r=1:d=1,format=gray,geq=lum='255*pow(Y/H,1.1)',loop=-1:1,fps=${FPS}[ramp];
[n][ramp]blend=all_expr='clip(A*1.5-(255-B)*1.3-25,0,255)*0.8+B*0.1',gblur=sigma=3,format=gbrp,
lutrgb=r='min(255,val*2.1)':g='clip((val-60)*1.5,0,255)*0.7':b='clip((val-170)*2.5,0,255)*0.4'"
}

# --- clip 3: light streaks through red haze ----------------------------------------------------
# Diagonal bands drawn once on a wide strip, then slid sideways at $2 px/s; $3-$5 are band periods, $6 the blur.
streak_layer() {
  local wide=$((W + $2 * DUR + 200))
  local u="(X+0.5*Y)" v="(Y-0.5*X)"
  echo "color=black:s=${wide}x${H}:r=1:d=1,format=gray,
geq=lum='min(255,255*(pow(max(0,sin(${u}/$3)),70)*0.9+pow(max(0,sin(${u}/$4+1.3)),14)*0.45+pow(max(0,sin(${u}/$5+2.1)),160))*(0.55+0.45*sin(${v}/170+X/900)))',
gblur=sigma=$6,loop=-1:1,fps=${FPS},crop=${W}:${H}:'t*$2':0[$1]"
}

haze_noise() {
  local cell=$2 speed=$3
  local tall=$((H + speed * DUR + 6 * cell)) wide=$((W + 2 * cell))
  echo "color=black:s=$((wide / cell))x$((tall / (2 * cell))):r=1:d=1,format=gray,geq=lum='255*${HASH}',
scale=${wide}:${tall}:flags=bicubic,loop=-1:1,fps=${FPS},crop=${W}:${H}:0:'${tall}-${H}-t*${speed}'[$1]"
}

streaks() {
  echo "$(streak_layer sa 140 61 173 37 2);
$(streak_layer sb 70 97 229 71 5);
$(haze_noise sm 110 40);
[sa][sb]blend=all_mode=screen[s];
color=black:s=${W}x${H}:r=1:d=1,format=gray,geq=lum='255*(0.25+0.75*sin(PI*X/W))*(0.35+0.65*Y/H)',loop=-1:1,fps=${FPS},split[mask1][mask2];
[s][mask1]blend=all_mode=multiply,format=gbrp,colorchannelmixer=rr=1:gg=0.55:bb=0.2[light];
[sm][mask2]blend=all_expr='A*B/255*0.55',format=gbrp,colorchannelmixer=rr=0.75:gg=0.12:bb=0.05[haze];
color=0x140404:s=${W}x${H}:r=${FPS}:d=${DUR},format=gbrp[base];
[base][haze]blend=all_mode=addition[bgh];
[bgh][light]blend=all_mode=screen"
}

# Renders clip $1 at $2x$3 to a near-lossless intermediate, darkening the edges with a radial mask
# (ffmpeg 5.1's vignette filter clips these frames to a hard-edged ellipse).
render() {
  local name=$1
  W=$2 H=$3
  local edge="255*(1-0.6*pow(hypot(X/W-0.5,Y/H-0.5)*1.414,2.5))"
  echo "rendering ${name} ${W}x${H}"
  ffmpeg -hide_banner -loglevel error -y -filter_complex "$("$name")[clip];
color=black:s=${W}x${H}:r=1:d=1,format=gbrp,geq=r='${edge}':g='${edge}':b='${edge}',loop=-1:1,fps=${FPS}[edges];
[clip][edges]blend=all_mode=multiply,format=yuv420p,trim=duration=${DUR}[out]" \
    -map "[out]" -r "$FPS" -c:v libx264 -preset veryfast -crf 8 "$TMP/${name}-${W}x${H}.mp4"
}

encode_mp4() {
  ffmpeg -hide_banner -loglevel error -y -i "$1" -c:v libx264 -preset veryslow -crf "$3" -profile:v high -pix_fmt yuv420p \
    -movflags +faststart -an "$2"
}

encode_webm() {
  ffmpeg -hide_banner -loglevel error -y -i "$1" -c:v libvpx-vp9 -b:v 0 -crf "$3" -row-mt 1 -deadline good -cpu-used 1 \
    -pix_fmt yuv420p -an "$2"
}

# H.264 quality per clip: the fine embers cost the most bits, so they get the highest CRF to stay under ~300 KB.
declare -A MP4_CRF=([embers]=33 [flames]=32 [streaks]=31)

for clip in embers flames streaks; do
  render "$clip" 1280 720
  render "$clip" 720 1280
  desktop="$TMP/${clip}-1280x720.mp4"
  mobile="$TMP/${clip}-720x1280.mp4"
  encode_webm "$desktop" "$OUT/${clip}-desktop.webm" 44
  encode_mp4 "$desktop" "$OUT/${clip}-desktop.mp4" "${MP4_CRF[$clip]}"
  encode_mp4 "$mobile" "$OUT/${clip}-mobile.mp4" "${MP4_CRF[$clip]}"
  ffmpeg -hide_banner -loglevel error -y -ss 3 -i "$desktop" -frames:v 1 -q:v 5 "$OUT/${clip}-poster.jpg"
done

ls -l "$OUT"
